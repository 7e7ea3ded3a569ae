# -*- coding: utf-8 -*-
import numpy as np
from gta38_lib.config import *


def load_scaler():
    # the original unpickles sklearn MinMaxScalers; two (min, max) pairs here
    flow_scaler = (FLOW_MIN, FLOW_MAX)
    date_scaler = (np.array([2010., 1., 1., 0., 0.]), np.array([2020., 12., 31., 6., 95.]))
    return flow_scaler, date_scaler


def _scale(x, scaler):
    lo, hi = scaler
    return (x - lo) / (hi - lo)


def get_batch(sess, generator, flow_scaler, date_scaler):
    date, (month, week, cur), targets = generator.next_batch(sess)
    date = _scale(date, date_scaler)
    month, week, cur = [_scale(x, flow_scaler) for x in (month, week, cur)]
    targets = _scale(targets, flow_scaler)
    return date, (month, week, cur), targets


def prepare_feed_data(batch_data):
    date, traffic_input, targets = batch_data
    return date, traffic_input, targets
