"""``python -m tfdata_bridge``: the ``tfdata-bridge`` command."""

from __future__ import annotations

import sys

from tfdata_bridge.cli import main

sys.exit(main())
