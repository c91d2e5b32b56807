"""The desktop app (PySide6): a Qt window on top of the :class:`assistant.core.Assistant` facade and ``eval``.

``ui`` never imports llama_cpp, chromadb, torch or sentence-transformers directly: every model or
vector-store call goes through the facade, on a worker thread (see :mod:`ui.worker`).
"""
