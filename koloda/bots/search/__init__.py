"""Search bots over sampled full states: ISMCTS and PIMC (determinization + exact search)."""
