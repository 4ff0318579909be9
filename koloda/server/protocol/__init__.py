"""The table API as types: a pydantic model for every HTTP body (``http``) and every
WebSocket message (``ws``), and the JSON Schemas published from them (``schemas``,
docs/protocol.md)."""
