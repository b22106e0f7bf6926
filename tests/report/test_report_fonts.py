"""The report's figures draw every name, falling back to a CJK font, or say which they cannot."""

from __future__ import annotations

from drawsafe.report import style


def test_names_without_a_font_are_named(monkeypatch):
    monkeypatch.setattr(style, "font_families", lambda: ("DejaVu Sans",))
    style.drawable.cache_clear()
    try:
        assert style.undrawable(["Åsa Ünïcødé", "王小明", "王小明", "Lee Webb"]) == ["王小明"]
    finally:
        style.drawable.cache_clear()


def test_a_cjk_font_is_the_fallback_when_installed():
    families = style.font_families()
    assert families[0] == "DejaVu Sans"
    if len(families) > 1:  # fonts-noto-cjk installed (.ci/run installs it)
        assert style.undrawable(["王小明", "김민준", "山田太郎"]) == []
