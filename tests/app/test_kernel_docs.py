"""Every compiled kernel documents every parameter (issue 34; stumpy documents all of its).

A kernel is a function decorated ``@kernel``, ``@flag_kernel`` or ``@inline_kernel`` (from
:mod:`drawsafe.jit`) in a module that imports ``drawsafe.jit``.  The convention checked: each
parameter's name appears double-backquoted (````name````) in the kernel's docstring, where its
dtype and shape (``int64[n, rounds]``) and meaning are given; a set of arrays the module text
describes once may be referred to by name (````opp````, ````kind````: as in the module text).
The modules are read with :mod:`ast`, so nothing is compiled.
"""

from __future__ import annotations

import ast
from pathlib import Path

from drawsafe.jit import PACKAGE

DECORATORS = {"kernel", "flag_kernel", "inline_kernel"}


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


def kernels() -> list[tuple[str, str, list[str]]]:
    """(module/kernel, docstring, parameter names) of every kernel."""
    out = []
    for path in kernel_modules():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and decorated(node):
                a = node.args
                names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
                names += [x.arg for x in (a.vararg, a.kwarg) if x is not None]
                where = f"{path.relative_to(PACKAGE).as_posix()}:{node.name}"
                out.append((where, ast.get_docstring(node) or "", names))
    return out


def undocumented(doc: str, names: list[str]) -> list[str]:
    return [n for n in names if f"``{n}``" not in doc]


def test_kernels_are_found():
    found = kernels()
    assert len(found) > 100
    assert any(w.endswith(":play_match") for w, _, _ in found)


def test_every_kernel_documents_every_parameter():
    found = kernels()
    missing = {w: m for w, doc, names in found if (m := undocumented(doc, names))}
    documented = len(found) - len(missing)
    print(f"kernels with every parameter documented: {documented} / {len(found)}")
    assert not missing, "parameters not documented as ``name``:\n" + "\n".join(
        f"  {w}: {', '.join(m)}" for w, m in sorted(missing.items()))
