"""Qt table models over precomputed rows: no rule logic, only display."""
