"""Report rendering: sections built from experiment runs, written as HTML, Markdown, PNG, CSV."""

from vdgsim.report.build import build_report

__all__ = ["build_report"]
