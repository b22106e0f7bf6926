"""Verdicts in words (:func:`table_words`): kept here for the modules that import them from this
place; the sentences themselves are built in :mod:`drawsafe.sentences`, with every other sentence
drawsafe says about a player."""

from __future__ import annotations

from drawsafe.sentences import (  # noqa: F401 - the names this module has always offered
    DRAW_BOTH,
    DRAW_ONE,
    GAINS,
    LOSES,
    NOTHING_AT_STAKE,
    PLAY,
    SAFE_TO_DRAW,
    SAME,
    Effect,
    TableWords,
    effect,
    table_words,
)
