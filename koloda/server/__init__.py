"""The web table: a FastAPI server (shared/protocol.md) with persistence and a browser UI."""
