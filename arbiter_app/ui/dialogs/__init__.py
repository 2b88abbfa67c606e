"""Dialogs: errors, crash report, tie-break explanation, preferences."""
