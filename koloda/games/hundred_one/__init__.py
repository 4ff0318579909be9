"""101 (Сто одно): the Russian shedding game of rules/hundred_one.md."""
