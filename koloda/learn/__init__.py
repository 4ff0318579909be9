"""A first game with a teacher: a game's lesson (a seeded deal and the teacher's words, kept
in the game's package) played through one runner by the card room and the terminal."""

from koloda.learn.lesson import Lesson, Point, lesson_of
from koloda.learn.runner import Said, Transcript, run_lesson

__all__ = ["Lesson", "Point", "Said", "Transcript", "lesson_of", "run_lesson"]
