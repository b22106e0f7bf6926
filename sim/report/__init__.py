"""Plotted reports: one self-contained HTML page from one set of simulations.

:func:`gather` (:mod:`drawsafe.report.data`) runs the simulations; :func:`build_report`
(:mod:`drawsafe.report.build`) draws the figures and assembles the page, a :class:`Report` whose
``write`` writes it (and the figures as PNG files, wide and phone renditions) atomically.

Sections: a plain-words summary, then 1. draw or play per table, 2. tiebreak swings against the
cut line, 3. final rank distributions, 4. the cut line, 5. who to root for.
"""

from drawsafe.report.build import Report, build_report, package_version, phone_name
from drawsafe.report.data import ReportData, check_request, gather

__all__ = ["Report", "ReportData", "build_report", "check_request", "gather", "package_version", "phone_name"]
