"""`python -m skirmtui` runs the command line."""

from skirmtui.cli import main

raise SystemExit(main())
