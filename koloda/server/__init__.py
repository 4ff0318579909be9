"""The web table: a FastAPI server (docs/protocol.md) with persistence and a browser UI."""
