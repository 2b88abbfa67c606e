from arbiter_app.cli import main

raise SystemExit(main())
