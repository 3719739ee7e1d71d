"""The version of wertung (one place; the package, the User-Agent and the pages read it)."""

__version__ = "0.2.0"
