"""The frozen game's entry script: does what ``python -m game`` does.

PyInstaller runs its entry script as ``__main__``, outside any package, so it gets this
one-liner instead of ``game/__main__.py`` (whose relative imports would not resolve there).
"""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
