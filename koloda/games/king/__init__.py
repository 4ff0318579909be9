"""King (Кинг): 7 negative deals, 8 positive ones, and the order and three-player variants."""
