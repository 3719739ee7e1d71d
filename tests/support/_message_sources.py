"""Every user-facing message template in ``src/wertung``, extracted from the source (AST).

A *site* is a ``raise X(...)`` of a :class:`wertung.kernel.errors.WertungError` subclass, a
``notes/warnings/incomplete .append(...)`` (also ``season_notes`` and ``self.notes``), or a CLI
``fail(...)``. Its first argument, when it is a string or an f-string (module-level string
constants and ``+``/implicit concatenation resolved), becomes a template in which every
interpolated expression is replaced by a sample value; the coverage test asserts that the
catalogue recognises each. Run as a script to print the list.
"""

from __future__ import annotations

import ast
import itertools
import random
from dataclasses import dataclass, field
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "wertung"
_LISTS = ("notes", "warnings", "incomplete", "season_notes", "reasons")


@dataclass
class Site:
    """One message site: where it is and its template pieces (str = literal, Hole = value)."""

    path: str
    line: int
    kind: str
    pieces: list[object] = field(default_factory=list)
    dynamic: bool = False

    def samples(self, limit: int = 512) -> list[str]:
        """The template with sample values substituted (every combination, or a fixed sample)."""
        holes = [p for p in self.pieces if isinstance(p, Hole)]
        options = [h.samples() for h in holes]
        total = 1
        for choice in options:
            total *= len(choice)
        if total <= limit:
            combos = list(itertools.product(*options))
        else:
            rng = random.Random(self.line)
            widest = max(len(o) for o in options)
            combos = [tuple(o[i % len(o)] for o in options) for i in range(widest)]
            combos += [tuple(rng.choice(o) for o in options) for _ in range(limit)]
        out = []
        for combo in combos:
            values = iter(combo)
            out.append("".join(p if isinstance(p, str) else next(values) for p in self.pieces))
        return out

    def template(self) -> str:
        return "".join(p if isinstance(p, str) else "{" + p.source + "}" for p in self.pieces)


@dataclass
class Hole:
    source: str
    conversion: int = -1
    spec: str = ""
    fixed: tuple[str, ...] = ()

    def samples(self) -> list[str]:
        if self.fixed:
            return list(self.fixed)
        if self.conversion == ord("r"):
            return ["'Xy7'", "7"]
        if self.spec:
            return [format(1.5, self.spec) if "f" in self.spec or "g" in self.spec else "7"]
        if self.source in ("where", "self.where", "builder.where", "at"):
            return ["round 7", "line 7"]
        if self.source in ("path", "source", "source.name") or self.source.startswith("os.fspath"):
            return ["x.csv"]
        if self.source == "what":
            return ["7", "Xy", "x.csv", "tournament 7, crosstable (art=5)"]
        return ["7", "Xy", ""]


def _error_classes(trees: dict[Path, ast.Module]) -> set[str]:
    bases: dict[str, set[str]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names = {
                    b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases
                }
                bases.setdefault(node.name, set()).update(names)
    known = {"WertungError"}
    changed = True
    while changed:
        changed = False
        for name, parents in bases.items():
            if name not in known and parents & known:
                known.add(name)
                changed = True
    return known


def _constants(tree: ast.Module) -> dict[str, str]:
    out: dict[str, str] = {}
    for node in tree.body:
        value = getattr(node, "value", None)
        if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
            continue
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = value.value
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = value.value
    return out


def _pieces(node: ast.expr, consts: dict[str, str]) -> list[object] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        out: list[object] = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                out.append(value.value)
            elif isinstance(value, ast.FormattedValue):
                inner = value.value
                if isinstance(inner, ast.Name) and inner.id in consts and value.conversion == -1:
                    out.append(consts[inner.id])
                    continue
                if isinstance(inner, ast.Call) and getattr(inner.func, "id", "") == "_plural":
                    word = inner.args[1]
                    if isinstance(word, ast.Constant) and isinstance(word.value, str):
                        out.extend([Hole(ast.unparse(inner.args[0])), f" {word.value}s"])
                        continue
                constants = _constant_choices(inner)
                if constants is not None:
                    out.append(Hole(ast.unparse(inner), fixed=constants))
                    continue
                spec = ""
                if value.format_spec is not None:
                    spec = "".join(
                        v.value for v in value.format_spec.values if isinstance(v, ast.Constant)
                    )
                out.append(Hole(ast.unparse(inner), value.conversion, spec))
        return out
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _pieces(node.left, consts), _pieces(node.right, consts)
        if left is not None and right is not None:
            return left + right
    if isinstance(node, ast.Name) and node.id in consts:
        return [consts[node.id]]
    return None


def _constant_choices(node: ast.expr) -> tuple[str, ...] | None:
    """``'a' if c else 'b'`` → ('a', 'b'); ``x or 'none'`` → ('7', 'none')."""
    if isinstance(node, ast.IfExp):
        body, orelse = node.body, node.orelse
        if all(isinstance(n, ast.Constant) and isinstance(n.value, str) for n in (body, orelse)):
            return (body.value, orelse.value)  # type: ignore[attr-defined]
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
        last = node.values[-1]
        if isinstance(last, ast.Constant) and isinstance(last.value, str):
            return ("7", "Xy", last.value)
    return None


def _merge(pieces: list[object]) -> list[object]:
    out: list[object] = []
    for piece in pieces:
        if isinstance(piece, str) and out and isinstance(out[-1], str):
            out[-1] += piece
        else:
            out.append(piece)
    return out


#: Helpers that only put a place or a hint in front of a message their callers write (the
#: callers' raise sites are read with the message they pass).
_PASS_THROUGH_HELPERS = frozenset(("error", "_error", "_refuse"))


def _returned_errors(tree: ast.AST, errors: set[str]) -> dict[int, str]:
    """The ``return ErrorClass(...)`` statements of every function but the pass-through
    helpers, by node id, with the class's name."""
    found: dict[int, str] = {}
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if func.name in _PASS_THROUGH_HELPERS:
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.Return) and isinstance(node.value, ast.Call):
                target = node.value.func
                name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
                if name in errors:
                    found[id(node)] = name
    return found


def sites() -> list[Site]:
    """Every message site of ``src/wertung``."""
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(SRC.rglob("*.py"))}
    errors = _error_classes(trees)
    found: list[Site] = []
    for path, tree in trees.items():
        consts = _constants(tree)
        rel = str(path.relative_to(SRC.parent.parent))
        returned = _returned_errors(tree, errors)
        for node in ast.walk(tree):
            call: ast.Call | None = None
            kind = ""
            if id(node) in returned:
                # An error a helper makes for its caller to raise (``return FormatError(...)``).
                call, kind = node.value, f"return {returned[id(node)]}"  # type: ignore[attr-defined]
            elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name in errors or name in ("error", "_error"):
                    call, kind = node.exc, f"raise {name}"
                elif name == "_refuse" and len(node.exc.args) == 2:
                    why = _pieces(node.exc.args[1], consts)
                    accepted = consts.get("ACCEPTED_LINKS", "")
                    if why is not None:
                        pieces = [Hole("link", ord("r")), " ", *why, "; expected " + accepted]
                        found.append(Site(rel, node.lineno, "raise _refuse", _merge(pieces)))
                        continue
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = node.func.value
                owner_name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
                if node.func.attr == "append" and owner_name in _LISTS:
                    call, kind = node, f"{owner_name}.append"
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "fail"
                and "cli" in rel
            ):
                call, kind = node, "fail"
            if call is None or not call.args:
                continue
            pieces = _pieces(call.args[0], consts)
            if pieces is None:
                found.append(Site(rel, node.lineno, kind, [ast.unparse(call.args[0])], True))
            else:
                found.append(Site(rel, node.lineno, kind, _merge(pieces)))
    return found


if __name__ == "__main__":
    all_sites = sites()
    for site in all_sites:
        flag = "DYN " if site.dynamic else ""
        print(f"{site.path}:{site.line}: {site.kind}: {flag}{site.template()}")
    print(len(all_sites), "sites,", sum(s.dynamic for s in all_sites), "dynamic")
