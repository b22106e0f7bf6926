"""A griffe extension for the API reference: the docstrings' Sphinx roles (:func:`~a.b`,
:class:`X`, :data:`Y`, ...) read as code in Markdown, and a paragraph ending in ``::`` (an
indented literal block follows) ends in ``:``."""

from __future__ import annotations

import re

import griffe

ROLE = re.compile(r":(?:py:)?(?:func|class|mod|data|attr|meth|exc|obj|const|ref|term):`(~?)([^`]+)`")


def markdown(text: str) -> str:
    text = ROLE.sub(lambda m: f"`{m.group(2).rsplit('.', 1)[-1] if m.group(1) else m.group(2)}`", text)
    return re.sub(r"::\n", ":\n", text)


class SphinxRoles(griffe.Extension):
    def on_package(self, *, pkg, **kwargs) -> None:  # griffe 2
        self.rewrite(pkg)

    def on_package_loaded(self, *, pkg, **kwargs) -> None:  # griffe 1
        self.rewrite(pkg)

    @staticmethod
    def rewrite(pkg) -> None:
        todo = [pkg]
        while todo:
            obj = todo.pop()
            if obj.is_alias:
                continue
            if obj.docstring is not None:
                obj.docstring.value = markdown(obj.docstring.value)
            todo.extend(m for m in obj.members.values() if not m.is_alias)
