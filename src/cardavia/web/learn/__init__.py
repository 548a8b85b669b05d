"""*Learn to play* (issue 25): a short path of lessons per game, each one idea.

A lesson is data (:mod:`.model`): steps of text and cards, and one exercise at a real
table position. The position is an engine state replayed from a seeded deal
(:mod:`.positions`); the person's answer is judged by the engine and explained in the
coach's words (:mod:`.judge`). Nothing here decides a rule: the lessons only say which
engine fact makes an answer right (:class:`.model.Goal`).
"""
