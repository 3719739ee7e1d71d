"""The rules core: pure functions and data, no I/O, no third-party dependencies.

Every computation returns a *derivation*: all inputs, every intermediate value
and the rule that produced it, so that front ends only render.
"""
