"""Spades (Спейдс): partnership bidding with nil, double nil and the partner exchange."""
