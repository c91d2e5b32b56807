"""The main window's tabs, one module each."""
