"""The card room's routes, one APIRouter per concern: the lobby, tables and seats, records,
analysis, the server's own stats and health, the pages, and the WebSocket where a table is
played (``play``)."""
