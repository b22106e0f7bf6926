"""Every compiled kernel documents every parameter: name, dtype and shape, meaning (issue 34;
stumpy documents all of its kernels' parameters).

A kernel is a function decorated ``@kernel``, ``@flag_kernel`` or ``@inline_kernel`` (from
:mod:`drawsafe.jit`) in a module that imports ``drawsafe.jit``; the modules are read with
:mod:`ast`, so nothing is compiled.  The convention checked, per parameter ``name``:

- the kernel's docstring names it double-backquoted, ````name````, and
- in the same clause (up to the next ``;`` or the end of the sentence) gives what it is: a dtype
  (``int64[n, rounds]``, ``float64[n]``, ``bool``, ``uint64``...) or a bundle
  (``Work``, ``Rules``... of :mod:`drawsafe.engine.inputs`, a tuple), with its meaning, or says
  "as in the module text" for a set of parameters the module docstring describes once, in which
  case the module docstring must name it double-backquoted too
  (````opp````, ````kind````, ````nr````: as in the module text).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from drawsafe.jit import PACKAGE

DECORATORS = {"kernel", "flag_kernel", "inline_kernel"}
#: What a parameter's clause must say it is: a dtype or a bundle.
WHAT = re.compile(r"\b(?:u?int(?:8|16|32|64)?|float(?:64)?|bool|tuple|pair|arrays?|bundle|Played|Work|Rules|"
                  r"Plan|Field|MatchModel|FirstTables|FlipOutputs|Outputs|FieldOptions|FieldOutputs)\b")
MODULE_TEXT = "as in the module text"


def kernel_modules() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if b"from drawsafe.jit import" in p.read_bytes()]


def decorated(node: ast.FunctionDef) -> bool:
    for d in node.decorator_list:
        name = d.func if isinstance(d, ast.Call) else d
        if isinstance(name, ast.Name) and name.id in DECORATORS:
            return True
        if isinstance(name, ast.Attribute) and name.attr in DECORATORS:
            return True
    return False


def kernels() -> list[tuple[str, str, str, list[str]]]:
    """(module:kernel, docstring, module docstring, parameter names) of every kernel."""
    out = []
    for path in kernel_modules():
        tree = ast.parse(path.read_text())
        module_doc = ast.get_docstring(tree) or ""
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and decorated(node):
                a = node.args
                names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
                names += [x.arg for x in (a.vararg, a.kwarg) if x is not None]
                where = f"{path.relative_to(PACKAGE).as_posix()}:{node.name}"
                out.append((where, ast.get_docstring(node) or "", module_doc, names))
    return out


def documented(name: str, doc: str, module_doc: str) -> bool:
    """True when ``name`` is documented by the convention of the module text."""
    mark = f"``{name}``"
    for clause in re.split(r";|\.\s", " ".join(doc.split())):
        if mark not in clause:
            continue
        rest = clause.split(mark, 1)[1]
        if WHAT.search(rest) or (MODULE_TEXT in rest and mark in module_doc):
            return True
    return False


def undocumented(doc: str, module_doc: str, names: list[str]) -> list[str]:
    return [n for n in names if not documented(n, doc, module_doc)]


def test_kernels_are_found():
    found = kernels()
    assert len(found) > 100
    assert any(w.endswith(":play_match") for w, *_ in found)
    assert any(w.endswith(":sort_runs_desc") for w, *_ in found)  # a flag_kernel


def test_the_convention():
    module = "``opp`` int32[n, rounds] the opponents"
    assert documented("opp", "``opp``, ``kind``: as in the module text.", module)
    assert not documented("kind", "``opp``, ``kind``: as in the module text.", module)
    assert documented("n", "``n`` int64 how many.", "")
    assert not documented("n", "Sorts ``n`` players.", "")
    assert not documented("n", "", "")


def test_every_kernel_documents_every_parameter():
    found = kernels()
    missing = {w: m for w, doc, module_doc, names in found if (m := undocumented(doc, module_doc, names))}
    print(f"kernels with every parameter documented: {len(found) - len(missing)} / {len(found)}")
    assert not missing, "parameters not documented (see this test's module text):\n" + "\n".join(
        f"  {w}: {', '.join(m)}" for w, m in sorted(missing.items()))
