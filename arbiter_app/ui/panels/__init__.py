"""The dockable panels of the main window."""
