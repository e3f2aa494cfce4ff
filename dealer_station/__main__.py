"""``python -m dealer_station`` runs the ``dealer-station`` command."""

from dealer_station.cli import main

raise SystemExit(main())
