"""batch_join over one CardReader per read thread, each made in the comprehension."""
import tensorflow.compat.v1 as tf

from r34p_cards import hands


def card_batches(filenames, batch_size=4, read_threads=3):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=2, shuffle=True, seed=3)
    example_list = [hands.CardReader(filename_queue, scale=0.5).read_card() for _ in range(read_threads)]
    card, weight = tf.train.batch_join(example_list, batch_size=batch_size, capacity=16)
    return card, weight
