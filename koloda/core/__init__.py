"""The game-independent core: cards, card sets, decks, rank orders, the engine protocol."""
