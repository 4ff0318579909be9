"""Tressette by the Russian 19th-century rules (rules/tressette.md, T-1..T-19)."""
