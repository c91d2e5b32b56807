"""``python -m ui``: open the desktop app (same as ``privacy-assistant gui``)."""

import sys

from .app import main

sys.exit(main(sys.argv[1:]))
