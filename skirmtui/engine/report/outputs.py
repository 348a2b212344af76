"""What `skirmtui export` writes, by format: the text, and the files beside it (the
Markdown report's charts as `STEM-*.svg` when it goes to a file)."""

from __future__ import annotations

import json
from urllib.parse import quote

from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import json_ascii_controls

FORMATS = ("json", "md", "html", "toml")


def export_text(
    session: Session,
    created: str,
    form: str,
    *,
    full: bool = False,
    playouts: int | None = None,
    stem: str | None = None,
) -> tuple[str, dict[str, str]]:
    """(the export's text, file name → text to write beside it). `playouts`: the chance
    to win's play-outs a point (html: 100 unless said; md: 20; 0: not estimated); `stem`:
    the Markdown report's file name without `.md`, when it goes to a file (its charts
    are written beside it and linked)."""
    if form == "toml":
        from skirmtui.engine.store.public import save_text

        return save_text(session, created), {}
    if form == "json":
        from skirmtui.engine.report.export import export_document

        text = json.dumps(export_document(session), ensure_ascii=False, indent=1) + "\n"
        return json_ascii_controls(text), {}
    from skirmtui.engine.report.chances import PLAYOUTS
    from skirmtui.engine.report.turning import MD_PLAYOUTS, turning

    summary = session.system.summary(session.battle)
    default = PLAYOUTS if form == "html" else MD_PLAYOUTS
    # Computed once: the turning points, the report's words and its chance chart.
    turned = turning(session, default if playouts is None else playouts)
    if form == "html":
        from skirmtui.engine.report.html import html_report

        return html_report(session, summary, turned, full=full), {}
    from skirmtui.engine.report.report import markdown_report

    text = markdown_report(session, summary, turned, full=full)
    if stem is None:
        return text, {}
    from skirmtui.engine.report.charts import charts

    drawn = charts(session, turned.rounds or None)
    files = {f"{stem}-{name}.svg": svg + "\n" for name, svg in drawn.items()}
    links = [f"![{name}]({quote(f'{stem}-{name}.svg')})" for name in drawn]
    return text.rstrip("\n") + "\n\n## Charts\n\n" + "\n\n".join(links) + "\n", files
