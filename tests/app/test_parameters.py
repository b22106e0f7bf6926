"""No function of the library or the command line takes more than :data:`MOST` positional
parameters (issue 39): a question reaches the simulations as one
:class:`~drawsafe.simulation.question.Question`, and the rest of a long list is keyword-only, named
at every call; a command's click function is generated from its declaration and takes ``**params``
(issue 48).  Numba kernels (functions decorated with :mod:`drawsafe.jit`'s ``kernel``,
``flag_kernel``, ``inline_kernel`` or ``compiled``) are not counted: numba takes arguments by
position.  Measured with :mod:`ast` over ``sim/`` and ``cli/`` (``self`` and ``cls`` not counted)."""

from __future__ import annotations

import ast
from pathlib import Path

SIM = Path(__file__).resolve().parents[2] / "sim"
CLI = SIM.parent / "cli"
MOST = 6


def kernel_decorators() -> set[str]:
    """drawsafe.jit's kernel decorators: ``compiled`` and every name bound to ``compiled(...)``
    there (``kernel``, ``flag_kernel``, ``inline_kernel``)."""
    names = {"compiled"}
    for node in ast.parse((SIM / "jit.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                getattr(node.value.func, "id", "") == "compiled":
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


KERNELS = kernel_decorators()


def is_kernel(node: ast.FunctionDef) -> bool:
    """Decorated by one of drawsafe.jit's kernel decorators (:data:`KERNELS`)."""
    for d in node.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in KERNELS:
            return True
    return False


def positional(node: ast.FunctionDef) -> int:
    params = [a.arg for a in node.args.posonlyargs + node.args.args]
    return len(params) - (1 if params and params[0] in ("self", "cls") else 0)


def longest(root: Path = SIM) -> list[tuple[int, str]]:
    """(positional parameters, where) of every function under ``root`` that is not a kernel,
    longest first; where: ``path:line name``, the path from the repository."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not is_kernel(node):
                found.append((positional(node), f"{path.relative_to(root.parent)}:{node.lineno} {node.name}"))
    return sorted(found, reverse=True)


def test_no_function_takes_more_than_six_positional_parameters():
    found = longest()
    print(f"longest positional parameter list (not counting kernels): {found[0][0]} ({found[0][1]}); "
          f"{len(found)} functions")
    over = [f"{n}: {where}" for n, where in found if n > MOST]
    assert not over, f"more than {MOST} positional parameters (make the rest keyword-only):\n" + "\n".join(over)


def test_no_function_of_the_command_line_takes_more_than_six():
    """The click commands included: every one is generated from its request (drawsafe.app.registry)."""
    found = longest(CLI)
    print(f"command line: longest {found[0][0]} ({found[0][1]}); {len(found)} functions")
    over = [f"{n}: {where}" for n, where in found if n > MOST]
    assert not over, f"more than {MOST} positional parameters (make the rest keyword-only):\n" + "\n".join(over)


def test_the_measure_sees_kernels_and_long_lists():
    """The measure counts what it should: a long list is found, a kernel is not counted."""
    source = ("@kernel\ndef k(a, b, c, d, e, f, g, h):\n    pass\n"
              "def long(a, b, c, d, e, f, g):\n    pass\n"
              "class C:\n    def m(self, a, b, c, d, e, f, *, g):\n        pass\n")
    nodes = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef)]
    measured = {n.name: (is_kernel(n), positional(n)) for n in nodes}
    assert measured == {"k": (True, 8), "long": (False, 7), "m": (False, 6)}
    assert {"kernel", "flag_kernel", "inline_kernel"} <= KERNELS
    assert any(n > 1 for n, _ in longest())  # it reads the library's own files
