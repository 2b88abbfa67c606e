"""Reusable widgets: the play-off bracket drawing and the "what to do now" card."""
