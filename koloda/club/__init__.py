"""The club: what players share beyond one table. Its ratings (``ratings``: OpenSkill's
Plackett–Luce model over every rated game's result, one rating per game's rated preset) and
the bot ladder that sets the bot levels' ratings (``ladder``). Accounts and their storage are
the card room's.
"""
