"""Errors carry their code from the raise (issue 21): read from the source, no run needed.

Every construction of a :class:`~wertung.kernel.errors.WertungError` subclass in
``src/wertung`` passes ``code=`` -- a literal catalogue code, or the ``code`` parameter
of a helper (``Binary.error``, ``_refuse``) whose every call passes a literal one. Every
literal code (also those of ``message("place.line", …)``) is in the catalogue; a code put
together at the raise (``f"mismatch.points_of_{unit}"``) starts like one that is.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.architecture.imports import SRC

from wertung import catalogue

FILES = sorted((SRC / "wertung").rglob("*.py"))
TREES = {path: ast.parse(path.read_text(encoding="utf-8")) for path in FILES}
CODES = set(catalogue.BY_CODE)


def _base_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _classes() -> tuple[set[str], dict[Path, set[str]]]:
    """The names of the error classes, and per module the other classes it defines."""
    errors = {"WertungError"}
    others: dict[Path, set[str]] = {}
    changed = True
    while changed:
        changed = False
        for tree in TREES.values():
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.ClassDef)
                    and node.name not in errors
                    and any(_base_name(b) in errors for b in node.bases)
                ):
                    errors.add(node.name)
                    changed = True
    for path, tree in TREES.items():
        others[path] = {
            n.name
            for n in ast.walk(tree)
            if isinstance(n, ast.ClassDef) and not any(_base_name(b) in errors for b in n.bases)
        }
    return errors, others


ERRORS, OTHERS = _classes()


Site = tuple[Path, ast.Call, ast.FunctionDef | ast.AsyncFunctionDef | None]


def _calls() -> Iterator[Site]:
    def visit(
        path: Path, node: ast.AST, function: ast.FunctionDef | ast.AsyncFunctionDef | None
    ) -> Iterator[Site]:
        for child in ast.iter_child_nodes(node):
            inside = (
                child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
            )
            if isinstance(child, ast.Call):
                yield path, child, function
            yield from visit(path, child, inside)

    for path, tree in TREES.items():
        yield from visit(path, tree, None)


CALLS = list(_calls())


def _is_error_class(path: Path, call: ast.Call) -> bool:
    name = _base_name(call.func)
    return name in ERRORS and not (isinstance(call.func, ast.Name) and name in OTHERS[path])


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == name:
            return keyword.value
    return None


def _params(function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> set[str]:
    if function is None:
        return set()
    args = function.args
    return {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]}


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(SRC)}:{getattr(node, 'lineno', 0)}"


#: A helper's code argument: its position (None: keyword only).
Helper = int | None


def _helpers() -> tuple[dict[tuple[Path, str], Helper], dict[str, Helper]]:
    """Functions that make an error with the ``code`` their caller gives (``code=code``).

    By module for functions, by name for methods (``Binary.error``).
    """
    functions: dict[tuple[Path, str], Helper] = {}
    methods: dict[str, Helper] = {}
    for path, tree in TREES.items():
        method_nodes = {
            id(f)
            for c in ast.walk(tree)
            if isinstance(c, ast.ClassDef)
            for f in c.body
            if isinstance(f, ast.FunctionDef)
        }
        for path_, call, function in CALLS:
            if path_ != path or function is None:
                continue
            code = _keyword(call, "code")
            if not (
                isinstance(code, ast.Name) and code.id == "code" and "code" in _params(function)
            ):
                continue
            positional = [a.arg for a in [*function.args.posonlyargs, *function.args.args]]
            position = positional.index("code") if "code" in positional else None
            if id(function) in method_nodes:
                methods[function.name] = None if position is None else position - 1
            else:
                functions[path, function.name] = position
    return functions, methods


FUNCTION_HELPERS, METHOD_HELPERS = _helpers()
#: Receivers whose ``.error`` is logging, not a helper; ``ctx``: the pre-submission check's
#: context, whose ``error(code, ...)`` records a problem of the checked file (never raised).
LOGGERS = {"log", "logger", "logging", "_log", "LOG", "ctx"}


def _helper(path: Path, call: ast.Call) -> tuple[bool, Helper]:
    func = call.func
    if isinstance(func, ast.Name):
        key = (path, func.id)
        return key in FUNCTION_HELPERS, FUNCTION_HELPERS.get(key)
    if isinstance(func, ast.Attribute) and func.attr in METHOD_HELPERS:
        receiver = func.value
        if isinstance(receiver, ast.Name) and receiver.id in LOGGERS:
            return False, None
        return True, METHOD_HELPERS[func.attr]
    return False, None


def _code_of(call: ast.Call, position: Helper) -> ast.expr | None:
    code = _keyword(call, "code")
    if code is None and position is not None and len(call.args) > position:
        code = call.args[position]
    return code


def _code_problem(value: ast.expr | None) -> str | None:
    """What is wrong with the code expression ``value`` (None: nothing)."""
    if value is None:
        return "no code="
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return None if value.value in CODES else f"code {value.value!r} is not in the catalogue"
    if isinstance(value, ast.JoinedStr):
        head = value.values[0] if value.values else None
        prefix = (
            head.value if isinstance(head, ast.Constant) and isinstance(head.value, str) else ""
        )
        if prefix and any(c.startswith(prefix) for c in CODES):
            return None
        return f"code {ast.unparse(value)} is like no catalogue code"
    return None  # a name: its values are checked where they are written (see below)


def test_the_error_classes_and_helpers_are_found() -> None:
    assert {
        "FormatError",
        "SourceError",
        "InvalidRating",
        "NotATournamentPage",
        "StoreError",
    } <= ERRORS
    assert "Binary" not in ERRORS and "error" in METHOD_HELPERS
    assert {name for _path, name in FUNCTION_HELPERS} >= {"_refuse"}


def test_every_error_is_made_with_its_code() -> None:
    missing = []
    for path, call, function in CALLS:
        if _is_error_class(path, call):
            code = _keyword(call, "code")
            if isinstance(code, ast.Name) and code.id == "code" and "code" in _params(function):
                continue  # a helper: its callers are checked below
            problem = _code_problem(code)
        else:
            is_helper, position = _helper(path, call)
            if not is_helper:
                continue
            code = _code_of(call, position)
            if isinstance(code, ast.Name) and code.id == "code" and "code" in _params(function):
                continue  # a helper calling a helper
            problem = _code_problem(code)
        if problem is not None:
            missing.append(f"{_where(path, call)}: {ast.unparse(call.func)}(…) {problem}")
    assert missing == [], "\n".join(missing)


def test_every_message_code_is_in_the_catalogue() -> None:
    unknown = []
    for path, call, _function in CALLS:
        if isinstance(call.func, ast.Name) and call.func.id == "message" and call.args:
            problem = _code_problem(call.args[0])
            if problem is not None:
                unknown.append(f"{_where(path, call)}: {problem}")
    assert unknown == [], "\n".join(unknown)


def test_no_untranslated_code_is_given() -> None:
    given = [
        _where(path, call)
        for path, call, _function in CALLS
        if isinstance(code := _keyword(call, "code"), ast.Constant) and code.value == "untranslated"
    ]
    assert given == []
