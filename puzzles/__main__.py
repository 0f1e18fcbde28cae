"""``python -m puzzles reproduce ...``."""

from puzzles.reproduce import main

raise SystemExit(main())
