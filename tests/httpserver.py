"""A small threaded HTTP server on 127.0.0.1 for URL-ingestion tests.

Routes are registered per path with the bytes to serve, a Content-Type, a status
code and an optional delay before answering; for hostile-server tests a route can also add
headers (e.g. ``Location`` for redirects), declare a Content-Length other than the body's (a
download cut short) and trickle its body one byte every ``trickle`` seconds. Unknown paths answer 404. The server
is bounded: it binds to 127.0.0.1 on a free port, handler threads are daemons,
every delay is cut short when the server stops, and a watchdog timer stops the
server by itself after ``max_lifetime`` seconds even if nobody calls :meth:`stop`.

Usage::

    with LocalHTTPServer() as srv:
        srv.route("/policy.html", html_bytes, "text/html; charset=utf-8")
        url = srv.url("/policy.html")
"""

from __future__ import annotations

import http.server
import threading
from dataclasses import dataclass
from typing import Any

__all__ = ["LocalHTTPServer", "Route"]


@dataclass
class Route:
    body: bytes
    content_type: str = "text/html; charset=utf-8"
    status: int = 200
    delay: float = 0.0  # seconds to wait before sending anything
    headers: dict[str, str] | None = None  # extra response headers
    declared_length: int | None = None  # Content-Length to announce (default: the body's length)
    trickle: float = 0.0  # seconds between single bytes of the body (0: send it at once)
    trickle_headers: bool = False  # trickle the status line and headers too


class _Handler(http.server.BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.0"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - signature of the base class
        pass  # keep test output clean

    def do_GET(self) -> None:  # noqa: N802 - http.server naming
        path = self.path.split("?", 1)[0]
        self.server.requests.append(path)
        route = self.server.routes.get(path)
        if route is None:
            self._send(404, "text/plain; charset=utf-8", b"not found\n")
            return
        if route.delay and self.server.stopping.wait(route.delay):
            return  # the server is stopping: give up without answering
        self._send(route.status, route.content_type, route.body, route)

    def _send(self, status: int, content_type: str, body: bytes, route: Route | None = None) -> None:
        if route is not None and route.trickle and route.trickle_headers:
            head = f"HTTP/1.0 {status} OK\r\nContent-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n"
            self._trickle(head.encode("ascii") + body, route.trickle)
            return
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            length = route.declared_length if route is not None and route.declared_length is not None else len(body)
            self.send_header("Content-Length", str(length))
            for name, value in (route.headers or {}).items() if route is not None else ():
                self.send_header(name, value)
            self.end_headers()
            if route is not None and route.trickle:
                self.wfile.flush()
                self._trickle(body, route.trickle)
            else:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (e.g. after its timeout)

    def _trickle(self, data: bytes, pause: float) -> None:
        """Send ``data`` one byte every ``pause`` seconds (until the client hangs up or the server stops)."""
        try:
            for i in range(len(data)):
                self.wfile.write(data[i : i + 1])
                self.wfile.flush()
                if self.server.stopping.wait(pause):
                    return  # the server is stopping
        except (BrokenPipeError, ConnectionResetError):
            pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.routes: dict[str, Route] = {}
        self.requests: list[str] = []
        self.stopping = threading.Event()

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that hung up is not a test failure


class LocalHTTPServer:
    """Serve registered bytes on 127.0.0.1; stops on :meth:`stop`, on context exit, or after ``max_lifetime`` s."""

    def __init__(self, max_lifetime: float = 900.0):
        self._server = _Server()
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.1},
                                        name="test-http-server", daemon=True)
        self._watchdog = threading.Timer(max_lifetime, self.stop)
        self._watchdog.daemon = True
        self._started = False
        self._stopped = False
        self._lock = threading.Lock()

    # lifecycle ---------------------------------------------------------------
    def start(self) -> LocalHTTPServer:
        with self._lock:
            if self._started or self._stopped:
                raise RuntimeError("the server can only be started once")
            self._started = True
        self._thread.start()
        self._watchdog.start()
        return self

    def stop(self) -> None:
        with self._lock:
            if self._stopped:
                return
            self._stopped = True
        self._server.stopping.set()  # wake every delayed handler
        self._watchdog.cancel()
        if self._started:
            self._server.shutdown()  # returns once serve_forever has left its loop
            self._thread.join(timeout=5)
        self._server.server_close()

    def __enter__(self) -> LocalHTTPServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # routes ------------------------------------------------------------------
    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def requests(self) -> list[str]:
        """Paths requested so far, in order."""
        return list(self._server.requests)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def route(self, path: str, body: bytes, content_type: str = "text/html; charset=utf-8", status: int = 200,
              delay: float = 0.0, headers: dict[str, str] | None = None, declared_length: int | None = None,
              trickle: float = 0.0, trickle_headers: bool = False) -> str:
        """Serve ``body`` at ``path``; returns the full URL."""
        self._server.routes[path] = Route(body, content_type, status, delay, headers, declared_length, trickle, trickle_headers)
        return self.url(path)
