#!/usr/bin/env python
# coding: utf-8
# Aquarium water tests -- exported from a notebook (cells kept in order)

# In[1]:
import os

import numpy as np
import tensorflow.compat.v1 as tf

# In[2]:
# reference values for a planted freshwater tank
PH_NEUTRAL = 7.0
PH_SPREAD = 0.35
NITRATE_LIMIT = 40.0
KH_TO_PPM = 17.848


def write_tests(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(65)
    path = os.path.join(folder, "water_tests.csv")
    with open(path, "w") as f:
        f.write("tank,temp_f,ph,nitrate,kh\n")
        for i in range(12):
            f.write("T%02d,%.1f,%.2f,%.1f,%d\n" % (i, rng.uniform(74, 82), rng.uniform(6.4, 7.8),
                                                 rng.uniform(5, 60), rng.randint(2, 9)))
    return path


def main(data_dir):
    # In[3]:
    path = write_tests(os.path.join(data_dir, "h65_aquarium_tests"))
    sess = tf.InteractiveSession()

    # In[4]:
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    tank, temp_f, ph, nitrate, kh = tf.decode_csv(value, record_defaults=[[""], [0.0], [0.0], [0.0], [0]])

    # In[5]:
    temp_c = (temp_f - 32.0) * 5.0 / 9.0
    ph_z = (ph - PH_NEUTRAL) / PH_SPREAD
    nitrate_pct = nitrate / NITRATE_LIMIT * 100.0
    kh_ppm = tf.cast(kh, tf.float32) * KH_TO_PPM
    chem = tf.stack([temp_c, ph_z, nitrate_pct, kh_ppm])

    # In[6]:
    tank_batch, chem_batch = tf.train.batch([tank, chem], batch_size=3)

    # In[7]:
    tf.global_variables_initializer().run()
    tf.local_variables_initializer().run()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord)

    # In[8]:
    batches = []
    for i in range(3):
        t, c = sess.run([tank_batch, chem_batch])
        batches.append([[x.decode() for x in t], np.round(c, 4).tolist()])

    # In[9]:
    # look at one more batch of tanks (this dequeues a batch of its own)
    last_tanks = tank_batch.eval()
    batches.append([[x.decode() for x in last_tanks]])

    # In[10]:
    try:
        chem_batch.eval()
        end = "more batches"
    except tf.errors.OutOfRangeError:
        end = "tests: 12, all read"

    # In[11]:
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
