"""A frozen copy of the rules core as it was before the hot-path work (issue 9).

It is the reference the equivalence tests compare the current core against:
``tests/test_equivalence*.py`` put ``tests/reference`` on ``sys.path`` and import
``wertung_ref``. Never edit it to follow the current core; it only changes if a
rule is deliberately changed (then the test says so).
"""
