"""Loaders: turn a TARGET (module:attr, console script, executable) into a command tree."""
