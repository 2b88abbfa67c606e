"""Arbiter: the chief arbiter's desk for a chess event, play-offs included."""

__version__ = "0.1.0"
