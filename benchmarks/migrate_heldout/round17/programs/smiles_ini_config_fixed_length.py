"""Molecule activity: SMILES strings read from a TSV, their characters decoded with
TF2's `io.decode_raw(fixed_length=...)` beside compat.v1; the pipeline's settings come from an INI file read with `configparser`."""

import configparser
import os

import tensorflow as tf2
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import strings

MOLECULES = ["CCO", "c1ccccc1", "CC(=O)O", "CCN(CC)CC", "O=C=O", "CC(C)Cc1ccc", "N#N", "CCCCCCCCCCCCCC",
             "C1CCCCC1", "OCC(O)CO", "CS(=O)C", "ClC(Cl)Cl", "CC#N", "C=CC=C", "OC1=CC=CC=C1", "CCOC(=O)C",
             "NCCO", "COC"]

INI = """[input]
batch_size = 5
max_length = 12
num_epochs = 2

[paths]
table = molecules.tsv
"""


def write_files(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "molecules.tsv"), "w") as f:
        for i, smiles in enumerate(MOLECULES):
            f.write("%s\t%.2f\n" % (smiles, (i * 7 % 11) / 4.0))
    with open(os.path.join(out_dir, "pipeline.ini"), "w") as f:
        f.write(INI)


def load_settings(ini_path):
    parser = configparser.ConfigParser()
    parser.read(ini_path)
    section = parser["input"]
    return {
        "batch_size": section.getint("batch_size"),
        "max_length": section.getint("max_length"),
        "num_epochs": section.getint("num_epochs"),
        "table": os.path.join(os.path.dirname(ini_path), parser.get("paths", "table")),
    }


def encode_smiles(line, max_length):
    smiles, activity = tf.decode_csv(line, record_defaults=[[""], [0.0]], field_delim="\t")
    codes = tf2.io.decode_raw(smiles, tf.uint8, fixed_length=max_length)
    carbons = tf.reduce_sum(tf.cast(tf.equal(codes, ord("C")), tf.int32))
    length = tf.minimum(strings.length(smiles), max_length)
    return tf.cast(codes, tf.int32), length, carbons, activity


def molecule_batches(settings):
    files = tf.train.string_input_producer([settings["table"]], num_epochs=settings["num_epochs"],
                                           shuffle=False)
    _, line = tf.TextLineReader().read(files)
    codes, length, carbons, activity = encode_smiles(line, settings["max_length"])
    return tf.train.batch([codes, length, carbons, activity], batch_size=settings["batch_size"],
                          allow_smaller_final_batch=True)


def main(data_dir):
    out_dir = os.path.join(data_dir, "h17_smiles_ini_config_fixed_length")
    write_files(out_dir)
    settings = load_settings(os.path.join(out_dir, "pipeline.ini"))
    codes, lengths, carbons, activity = molecule_batches(settings)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                c, n, k, a = sess.run([codes, lengths, carbons, activity])
                batches.append([c.tolist(), n.tolist(), k.tolist(), a.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
