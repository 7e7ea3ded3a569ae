"""Recipes: "title|ingredient, ingredient, ..." lines; settings from an argparse parser at module level
(`parse_args([])`); TF2 `tf.strings.split` / `strip`, the ingredient list padded to a fixed length."""
import argparse
import os

import tensorflow as tf


def _parser():
    parser = argparse.ArgumentParser(description="recipe input")
    parser.add_argument("--batch-size", type=int, default=3)
    parser.add_argument("--max-ingredients", type=int, default=4)
    parser.add_argument("--epochs", type=int, default=1)
    return parser


ARGS = _parser().parse_args([])

RECIPES = [
    ("Pancakes", ["flour", " milk", "egg ", "sugar", "salt"]),
    ("Omelette", ["egg", "butter"]),
    ("Tomato soup", ["tomato", "onion", " garlic"]),
    ("Toast", ["bread"]),
    ("Salad", ["lettuce", "tomato", "cucumber", "oil"]),
    ("Risotto", ["rice", "stock", "onion", "parmesan", "butter", "wine"]),
    ("Lemonade", ["lemon", "water", "sugar"]),
]


def write_recipes(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "recipes.txt")
    with open(path, "w") as out:
        for title, ingredients in RECIPES:
            out.write("%s|%s\n" % (title, ",".join(ingredients)))
    return path


def parse_recipe(line, max_ingredients):
    parts = tf.strings.split(line, "|")
    title = tf.strings.lower(parts[0])
    ingredients = tf.strings.strip(tf.strings.split(parts[1], ","))
    count = tf.size(ingredients)
    padded = tf.concat([ingredients, tf.fill([max_ingredients], "")], axis=0)[:max_ingredients]
    padded.set_shape([max_ingredients])
    return title, padded, count


def recipe_batches(path, args):
    queue = tf.compat.v1.train.string_input_producer([path], num_epochs=args.epochs, shuffle=False)
    _, line = tf.compat.v1.TextLineReader().read(queue)
    title, padded, count = parse_recipe(line, args.max_ingredients)
    return tf.compat.v1.train.batch([title, padded, count], batch_size=args.batch_size,
                                    allow_smaller_final_batch=True)


def main(data_dir):
    title, ingredients, count = recipe_batches(write_recipes(os.path.join(data_dir, "h18_recipes")), ARGS)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                t, i, c = sess.run([title, ingredients, count])
                batches.append([[v.decode() for v in t], [[v.decode() for v in row] for row in i], c.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "eof"}
