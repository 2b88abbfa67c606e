"""Entry point of the frozen application: the same ``main`` as the ``arbiter-app`` script."""

import sys

from arbiter_app.cli import main

if __name__ == "__main__":
    sys.exit(main())
