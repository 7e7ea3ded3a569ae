"""Hierarchical-attention input helpers for sitcom episode reviews: a document line holds sentences separated by
``|&|``; words are looked up in a vocabulary whose first item is the padding token.

After an unnamed HAN excerpt (``padding_token = "<PAD>"``, ``padding_token_index = 0``, ``split_doc_token =
"|&|"``, ``extract_words(string)`` with ``string_split`` + ``sparse_tensor_to_dense(default_value=padding_token)``,
``extract_sentences(string)``, ``one_hot_label(string_label)`` "'3' > [0, 0, 0, 1, 0]", ``get_docs(_file)``).
The source fed these to ``tf.data`` maps; here they run on queue-reader lines (see the program)."""
from pathlib import Path

import tensorflow.compat.v1 as tf

# In the vocabulary, <PAD> is the first item
padding_token = "<PAD>"
padding_token_index = 0
# In a document line, sentences are separated by |&|
split_doc_token = "|&|"


def extract_words(string):
    # Split string
    out = tf.string_split(string, delimiter=" ")
    # Convert to Dense tensor, filling with default value
    # Which is the padding token in this case
    out = tf.sparse_tensor_to_dense(out, default_value=padding_token)
    return out


def extract_sentences(string):
    # Split the document line into sentences
    return tf.string_split([string], split_doc_token).values


def one_hot_label(string_label):
    # convert a string to a one-hot encoded label
    # '3' > [0, 0, 0, 1, 0]
    return tf.one_hot(tf.string_to_number(string_label, out_type=tf.int64), 5, 1, 0)


def get_docs(_file):
    # read the data:
    # returns data as a list of documents which are lists of sentences
    # which are lists of words
    with Path(_file).resolve().open("r") as f:
        lines = f.readlines()
    return [
        [
            [w.replace("\n", "") for w in s.split(" ") if w.replace("\n", "")]
            for s in l.split("|&|")
        ]
        for l in lines
    ]
