"""The simulation kernels' inputs and outputs, bundled by meaning as named tuples.

numba compiles a kernel taking a named tuple once per tuple of member types, and reads a member
(``field.opp``) as cheaply as a plain argument.  The kernels are called once per chunk, per
simulation or per round with these bundles; inside the loops over players and tables they read
the members directly (no call passes arrays per table: :mod:`drawsafe.engine.tables`).

Every game runs on the same compiled kernels: what differs between games is data in these
bundles (``Rules``: the tiebreak codes, points per result, flags; ``Plan.pairing``: the pairing
system as an int64), never a dtype that would select another compiled variant.
"""

from __future__ import annotations

from collections import namedtuple

#: The snapshot's arrays, read-only in the kernels: the rounds played so far (``opp``, ``kind``,
#: ``gw``, ``gl``, ``gd`` [players, rounds]; ``rec`` the records summed), ``had_bye``, ``award``
#: (byes awarded before the event: a bye in rounds 1 .. award[p]), ``active`` (still playing),
#: ``players`` (indices of the active), ``members`` (everyone ranked), ``ratings``.
Field = namedtuple("Field", "opp kind gw gl gd rec had_bye award active players members ratings")

#: The rounds played (``opp``, ``kind``, ``gw``, ``gl``, ``gd`` [players, rounds]), the records summed
#: (``rec``) and room for the tiebreak ``keys`` [players, codes]: what
#: :func:`drawsafe.standings.order.refined_order` ranks (a :class:`Work` has the same members).
Played = namedtuple("Played", "rec opp kind gw gl gd keys")

#: The first simulated round's tables when they are given (else empty): players ``a`` v ``b``
#: (``b`` -1 a bye, -2 a loss without opponent, -3 a half-point bye), ``mode``
#: (drawsafe.engine.codes FREE ...), the reported ``score`` [tables, 3] of KNOWN tables and
#: ``draw_p`` [tables], the probability that a BEHAVIOUR table draws intentionally.
FirstTables = namedtuple("FirstTables", "a b mode score draw_p")

#: How a played match ends (:class:`drawsafe.engine.results.ResultModel` as arrays): the ``model``
#: code and per-player ``strength``, the share of unintentional draws, the cumulative
#: probabilities and game scores of decided and of drawn matches, games won by a bye.
MatchModel = namedtuple("MatchModel",
                        "model strength draw_share decided_cum decided_scores drawn_cum drawn_scores bye_games")

#: The rule pack: tiebreak ``codes`` (int64, points first), match points per
#: result (``points_table``), ``flags`` (drawsafe.tiebreaks.values FLAG_...).
Rules = namedtuple("Rules", "codes points_table flags")

#: What the simulations play: rounds ``after_round .. total - 1``, the cut (``top``, or with
#: ``cut_points >= 0`` everyone on at least that many points), the pairing system (int64,
#: drawsafe.engine.codes MTG_PAIRING or DUTCH_PAIRING), whether the last round is paired by
#: standings, the future draw policy (drawsafe.engine.codes NO_DRAWS ...), its safe points total and, for BEHAVIOUR_POINTS, the draw
#: probabilities ``future_p[points_a, points_b]`` [points, points] (else an empty [0, 0]).
#: A phase crossed on the way (a day 1 played out, then day 2): before round ``phase_end``
#: (0-based; 0: no phase to cross) only the players on at least ``phase_points`` points (>= 0), or
#: the best ``phase_top`` (> 0) of the standings, go on.
Plan = namedtuple("Plan", "after_round total top cut_points pairing standings_last future_policy draw_points "
                          "future_p phase_end phase_points phase_top")

#: One chunk's work arrays (:func:`drawsafe.engine.kernel.work_arrays`): the rounds and records
#: being played, current ``points``, ``had_bye``, tiebreak ``keys`` [players, codes], one round's
#: tables ``pa`` v ``pb``, the first round's table ``outcome``, and who is still playing in this
#: simulation (``act``, and ``plist`` whose first entries are their indices: a phase's cut changes
#: them).
Work = namedtuple("Work", "opp kind gw gl gd rec points had_bye keys pa pb outcome act plist")

#: What :func:`drawsafe.engine.kernel.run_simulations` counts (per chunk ``c``) and keeps (per
#: simulation row), for the players in ``focus``: see that function.
Outputs = namedtuple("Outputs", "focus cut_count rank_hist points_hist cut_at_points focus_cut focus_rank "
                                "focus_keys table_outcome cut_line by_first")

#: What :func:`drawsafe.engine.flips.run_flips` flips (``tables``; ``want`` int8 per table: which of
#: its results, :data:`drawsafe.engine.flips.EVERY_RESULT` and the others), counts per chunk
#: (``cut_count``: as :class:`Outputs`) and writes per simulation row (``flags``, ``played``,
#: ``base``).
FlipOutputs = namedtuple("FlipOutputs", "tables want cut_count flags played base")
