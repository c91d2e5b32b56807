"""Entry point of the frozen app: no arguments opens the desktop window; arguments run the CLI.

``Privacy Assistant`` (double-click)      -> the window
``privacy-assistant ask brightcart "…"``  -> the command line, same program
"""

from __future__ import annotations

import multiprocessing
import sys


def main() -> int:
    multiprocessing.freeze_support()  # torch / tokenizers may spawn helpers in a frozen app
    from assistant.cli import main as cli_main

    argv = sys.argv[1:] or ["gui"]
    return int(cli_main(argv))


if __name__ == "__main__":
    sys.exit(main())
