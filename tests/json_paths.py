"""Walking parsed JSON documents, for the fuzz tests that mutate event files."""

from __future__ import annotations

import json

from hypothesis import strategies as st


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


def edit(draw, doc, path, keys, values) -> None:
    """One hypothesis-drawn edit of ``doc`` in place at ``path``: replace or delete the value there,
    duplicate it (in its list, or under a new key), or set one of ``keys`` on some object of the
    document to a value drawn from ``values``."""
    parent, key = get(doc, path[:-1]), path[-1]
    op = draw(st.sampled_from(("replace", "replace", "delete", "duplicate", "set")))
    if op == "set":
        objects = [get(doc, p) for p in paths(doc) if isinstance(get(doc, p), dict)]
        if objects:
            draw(st.sampled_from(objects))[draw(st.sampled_from(keys))] = draw(values)
    elif op == "replace":
        parent[key] = draw(values)
    elif op == "delete":
        del parent[key]
    elif isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(parent[key])))
    else:
        parent[draw(st.text(max_size=6))] = parent[key]
