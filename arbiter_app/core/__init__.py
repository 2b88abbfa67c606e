"""The rules, in pure Python: no Qt, no SQL, no file paths, no clock, no global random state."""
