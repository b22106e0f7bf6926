"""Walking parsed JSON documents, for the fuzz tests that mutate event files."""

from __future__ import annotations


def paths(node, prefix=()):
    """Every path (tuple of keys/indices) to a value inside a parsed JSON document."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def get(node, path):
    """The value at ``path`` (see :func:`paths`)."""
    for k in path:
        node = node[k]
    return node
