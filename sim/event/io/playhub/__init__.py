"""Play Hub (Carde.io): Disney Lorcana's events (``api.cloudflare.ravensburgerplay.com``) and
Riftbound's (``api.cloudflare.riftbound.uvsgames.com``), one API under ``/hydraproxy/api/v2``.

The platform's answers are read as they are (``../shared/PLATFORMS.md``):

- the **event document**, ``GET /events/{id}/``: ``name``, ``start_datetime``, ``game_type``
  (``LORCANA``, ``RIFTBOUND``: the rule pack), ``settings.maximum_number_of_game_wins_per_match``
  (2: best of 3; a phase's ``effective_maximum_number_of_game_wins_per_match`` wins),
  ``top_cut_size`` (else the cut phase's ``rank_required_to_enter_phase``), ``tiebreakers[]`` and
  ``tournament_phases[]``, each with ``round_type`` (``SWISS``; any other is the top cut),
  ``number_of_rounds`` and ``rounds[]`` of ``{id, round_number, status, pairings_status,
  standings_status}``.  It names no player and no result.
- a round's **matches**, ``GET /tournament-rounds/{rid}/matches/paginated/?page=N&page_size=M``:
  the envelope ``{count, total, page_size, current_page_number, next_page_number, results}``, or a
  plain list of matches, or the unpaginated round ``{..., "matches": [...]}``.  A match:
  ``table_number, winning_player, games_won_by_winner, games_won_by_loser, games_drawn,
  match_is_bye, match_is_intentional_draw, match_is_unintentional_draw, match_is_loss, status,
  players[], player_match_relationships[{player_order, player{id, best_identifier},
  user_event_status{best_identifier, registration_status, matches_won, ...}}]``.
- a round's **standings**, ``GET /tournament-rounds/{rid}/standings/paginated/`` (older events:
  ``/standings/``, ``{"standings": [...]}``): rows ``{rank, player{id}, user_event_status,
  record "W-L-D", match_points (points, when given, wins), opponent_match_win_percentage,
  game_win_percentage (newer answers), opponent_game_win_percentage}``.

A file holds one answer, or the **bundle** of one event (what ``drawsafe fetch`` writes for a
Play Hub link, and what a person saves by hand), every answer unchanged::

    {"event": <the /events/{id}/ answer>,
     "rounds": {"<round id>": {"matches": [<page 1>, <page 2>, ...],
                               "standings": [<page 1>, ...]}, ...}}

keyed by the platform's round ids (the event document numbers them); ``matches`` and
``standings`` are each one answer or a list of pages, and either may be left out.  A folder of
saved answers reads as the bundle: one event document, and matches and standings answers whose
round id is in their rows (``tournament_round``) or in the file name (``round-7906-matches.json``,
``standings_round7906_page1_of2.json``).

What each reads as:

- the event document alone: the event with no player and no result yet (its name, game, best-of,
  Swiss rounds and cut), with a note of each round's state and how to save its matches;
- one round's matches alone: that round, read as round 1 when its players had played nothing
  before it (their ``user_event_status`` records), else one error (the earlier rounds are missing);
- one page of standings alone: the published standings only (compared with each other by
  ``standings --check``; a page of several compares its own rows and says so);
- a bundle: every round whose matches it holds, from round 1 without a gap (a round's every page:
  a page short is an error), and the published standings of its latest round with standings.
  Without the matches of the rounds before, it reads as its standings (above), with a note.

Reading, as the platform records it: a player is their id, named by the handle they entered under
(``user_event_status.best_identifier``, as the platform's standings show it; else the account's
``player.best_identifier``); two players of one name are "Name (id)".  An intentional draw is
0-0-3 (drawsafe's convention: Carde.io records it so too); an unintentional draw keeps its games;
a bye is a bye; a match loss of one player alone (``match_is_loss``) a loss; a match with a winner
but no games counted is a win by the games a match needs (with a note).  A match without result in
a round followed by others is a pairing without result; in the latest round, pending.  A player
whose ``registration_status`` is ``DROPPED`` dropped after the last round they play in the file.
Published percentages are fractions at 8 decimals; a figure not published is NaN.
"""

from __future__ import annotations

from drawsafe.event.io.formats import Folder, Format, register
from drawsafe.event.io.playhub.building import read_playhub
from drawsafe.event.io.playhub.folder import looks_like_playhub_folder, read_folder
from drawsafe.event.io.playhub.shapes import looks_like_playhub

__all__ = ["looks_like_playhub", "looks_like_playhub_folder", "read_folder", "read_playhub"]

register(Format("playhub", "Play Hub's answers (Lorcana, Riftbound): the event document, a round's matches or "
                "standings, the bundle `drawsafe fetch` writes, or a folder of them", read_playhub,
                sniff=looks_like_playhub, priority=30,
                folder=Folder(read_folder, "Play Hub answers", sniff=looks_like_playhub_folder),
                page="[Play Hub](playhub.md)"))
