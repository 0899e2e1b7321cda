/*
 * Courtside local stand-in for the Google Maps JavaScript API (places library).
 * Implements the subset used by use-places-autocomplete@4 and the app:
 *   google.maps.LatLng, google.maps.Geocoder, google.maps.GeocoderStatus,
 *   google.maps.places.AutocompleteService, AutocompleteSessionToken, PlacesService, PlacesServiceStatus (legacy),
 *   google.maps.places.AutocompleteSuggestion.fetchAutocompleteSuggestions, Place#fetchFields (the new Places API).
 * Data comes from this server's /api/v1/places/* endpoints (backed by server/data/venues.json).
 * Load with or without ?callback=NAME; NAME is called once google.maps is ready.
 * Tests: window.__courtsidePlacesStandin = { denyLegacyPlaces: true } (read at each call, so it may be set before or
 * after the load) makes the legacy service answer REQUEST_DENIED, as Google does for keys created since March 2025.
 */
(function () {
  'use strict';

  var script = document.currentScript;
  var scriptUrl = new URL(script && script.src ? script.src : '/maps/places-standin.js', window.location.href);
  var apiBase = scriptUrl.origin + '/api/v1/places/';

  var PlacesServiceStatus = {
    OK: 'OK',
    ZERO_RESULTS: 'ZERO_RESULTS',
    INVALID_REQUEST: 'INVALID_REQUEST',
    NOT_FOUND: 'NOT_FOUND',
    OVER_QUERY_LIMIT: 'OVER_QUERY_LIMIT',
    REQUEST_DENIED: 'REQUEST_DENIED',
    UNKNOWN_ERROR: 'UNKNOWN_ERROR',
  };
  var GeocoderStatus = {
    OK: 'OK',
    ZERO_RESULTS: 'ZERO_RESULTS',
    INVALID_REQUEST: 'INVALID_REQUEST',
    OVER_QUERY_LIMIT: 'OVER_QUERY_LIMIT',
    REQUEST_DENIED: 'REQUEST_DENIED',
    UNKNOWN_ERROR: 'UNKNOWN_ERROR',
    ERROR: 'ERROR',
  };

  /* lat() and lng() are closures: use-places-autocomplete's getLatLng calls them unbound. */
  function LatLng(lat, lng) {
    if (lat && typeof lat === 'object') {
      lng = typeof lat.lng === 'function' ? lat.lng() : lat.lng;
      lat = typeof lat.lat === 'function' ? lat.lat() : lat.lat;
    }
    var la = Number(lat);
    var ln = Number(lng);
    this.lat = function () {
      return la;
    };
    this.lng = function () {
      return ln;
    };
  }
  LatLng.prototype.toJSON = function () {
    return { lat: this.lat(), lng: this.lng() };
  };
  LatLng.prototype.toString = function () {
    return '(' + this.lat() + ', ' + this.lng() + ')';
  };
  LatLng.prototype.equals = function (other) {
    return !!other && other.lat() === this.lat() && other.lng() === this.lng();
  };
  LatLng.prototype.toUrlValue = function (precision) {
    var p = precision === undefined ? 6 : precision;
    return Number(this.lat().toFixed(p)) + ',' + Number(this.lng().toFixed(p));
  };

  function statusFor(response) {
    if (response.status === 429) return 'OVER_QUERY_LIMIT';
    if (response.status === 404) return 'NOT_FOUND';
    if (response.status >= 400 && response.status < 500) return 'INVALID_REQUEST';
    return 'UNKNOWN_ERROR';
  }

  function getJson(path, params) {
    var url = new URL(path, apiBase);
    Object.keys(params).forEach(function (key) {
      if (params[key] !== undefined && params[key] !== null) url.searchParams.set(key, String(params[key]));
    });
    return fetch(url.toString(), { headers: { Accept: 'application/json' }, credentials: 'same-origin' }).then(
      function (response) {
        return response.json().then(
          function (body) {
            if (!response.ok || !body || body.success !== true) return { status: statusFor(response), data: null };
            return { status: 'OK', data: body.data };
          },
          function () {
            return { status: statusFor(response), data: null };
          },
        );
      },
      function () {
        return { status: 'UNKNOWN_ERROR', data: null };
      },
    );
  }

  /* Server place → google.maps.places.PlaceResult / GeocoderResult shape. */
  function toPlaceResult(place) {
    var loc = new LatLng(place.geometry.location.lat, place.geometry.location.lng);
    return {
      place_id: place.place_id,
      name: place.name,
      formatted_address: place.formatted_address,
      geometry: { location: loc, viewport: null },
      address_components: place.address_components.map(function (c) {
        return { long_name: c.long_name, short_name: c.short_name, types: c.types.slice() };
      }),
      types: place.types ? place.types.slice() : [],
      partial_match: false,
    };
  }

  function later(fn) {
    setTimeout(fn, 0);
  }

  function legacyDenied() {
    var options = window.__courtsidePlacesStandin;
    return !!(options && options.denyLegacyPlaces);
  }

  function AutocompleteSessionToken() {
    this.id = Math.random().toString(36).slice(2);
  }

  function AutocompleteService() {}
  AutocompleteService.prototype.getPlacePredictions = function (request, callback) {
    var input = request && typeof request.input === 'string' ? request.input : '';
    var promise = (
      legacyDenied()
        ? Promise.resolve({ status: 'REQUEST_DENIED', data: null })
        : input.trim() === ''
          ? Promise.resolve({ status: 'INVALID_REQUEST', data: null })
          : getJson('autocomplete', { input: input })
    ).then(function (res) {
      var predictions = res.data && res.data.predictions ? res.data.predictions : [];
      var status = res.status !== 'OK' ? res.status : predictions.length ? 'OK' : 'ZERO_RESULTS';
      if (typeof callback === 'function')
        later(function () {
          callback(status === 'OK' ? predictions : null, status);
        });
      if (status !== 'OK' && status !== 'ZERO_RESULTS') throw new Error('getPlacePredictions: ' + status);
      return { predictions: predictions };
    });
    if (typeof callback === 'function') promise.catch(function () {});
    return promise;
  };

  function PlacesService(attrContainer) {
    this.attrContainer = attrContainer || null;
  }
  PlacesService.prototype.getDetails = function (request, callback) {
    var placeId = request && request.placeId;
    var promise = (
      legacyDenied()
        ? Promise.resolve({ status: 'REQUEST_DENIED', data: null })
        : placeId
          ? getJson('details', { placeId: placeId })
          : Promise.resolve({ status: 'INVALID_REQUEST', data: null })
    ).then(function (res) {
      var result = res.status === 'OK' && res.data && res.data.place ? toPlaceResult(res.data.place) : null;
      var status = result ? 'OK' : res.status === 'OK' ? 'NOT_FOUND' : res.status;
      if (typeof callback === 'function')
        later(function () {
          callback(result, status);
        });
      return result;
    });
    return promise;
  };

  /* The new Places API: promises only, failures reject with a MapsRequestError-like error (code, endpoint). */
  function requestError(code, endpoint) {
    var err = new Error('places stand-in: ' + endpoint + ' failed: ' + code);
    err.name = 'MapsRequestError';
    err.code = code;
    err.endpoint = endpoint;
    return err;
  }

  function FormattableText(text, matches) {
    this.text = text || '';
    this.matches = (matches || []).map(function (m) {
      return { startOffset: m.offset, endOffset: m.offset + m.length };
    });
  }
  FormattableText.prototype.toString = function () {
    return this.text;
  };

  function Place(options) {
    if (!options || typeof options.id !== 'string' || options.id === '') throw new Error('Place: options.id is required');
    this.id = options.id;
    this.requestedLanguage = options.requestedLanguage || null;
    this.requestedRegion = options.requestedRegion || null;
  }

  /* Server place → the new Place's fields. */
  function newPlaceFields(place) {
    return {
      displayName: place.name,
      formattedAddress: place.formatted_address,
      location: new LatLng(place.geometry.location.lat, place.geometry.location.lng),
      addressComponents: place.address_components.map(function (c) {
        return { longText: c.long_name, shortText: c.short_name, types: c.types.slice() };
      }),
      types: place.types ? place.types.slice() : [],
    };
  }

  Place.prototype.fetchFields = function (options) {
    var fields = options && Array.isArray(options.fields) ? options.fields : [];
    if (fields.length === 0) return Promise.reject(requestError('INVALID_REQUEST', 'PLACE_FETCH_FIELDS'));
    var self = this;
    return getJson('details', { placeId: this.id }).then(function (res) {
      var place = res.status === 'OK' && res.data ? res.data.place : null;
      if (!place) throw requestError(res.status === 'OK' ? 'NOT_FOUND' : res.status, 'PLACE_FETCH_FIELDS');
      var values = newPlaceFields(place);
      var all = fields.indexOf('*') >= 0;
      Object.keys(values).forEach(function (key) {
        if (all || fields.indexOf(key) >= 0) self[key] = values[key];
      });
      return { place: self };
    });
  };

  function PlacePrediction(prediction) {
    var formatting = prediction.structured_formatting || {};
    this.placeId = prediction.place_id;
    this.text = new FormattableText(prediction.description, prediction.matched_substrings);
    this.mainText = new FormattableText(formatting.main_text, formatting.main_text_matched_substrings);
    this.secondaryText = new FormattableText(formatting.secondary_text);
    this.types = prediction.types ? prediction.types.slice() : [];
    this.distanceMeters = null;
  }
  PlacePrediction.prototype.toPlace = function () {
    return new Place({ id: this.placeId });
  };

  function AutocompleteSuggestion(prediction) {
    this.placePrediction = new PlacePrediction(prediction);
    this.queryPrediction = null;
  }
  AutocompleteSuggestion.fetchAutocompleteSuggestions = function (request) {
    var input = request && typeof request.input === 'string' ? request.input : '';
    if (input.trim() === '') return Promise.reject(requestError('INVALID_REQUEST', 'PLACES_AUTOCOMPLETE'));
    return getJson('autocomplete', { input: input }).then(function (res) {
      if (res.status !== 'OK') throw requestError(res.status, 'PLACES_AUTOCOMPLETE');
      var predictions = res.data && res.data.predictions ? res.data.predictions : [];
      return {
        suggestions: predictions.map(function (p) {
          return new AutocompleteSuggestion(p);
        }),
      };
    });
  };

  function Geocoder() {}
  Geocoder.prototype.geocode = function (request, callback) {
    request = request || {};
    var lookup;
    if (request.placeId) {
      lookup = getJson('details', { placeId: request.placeId }).then(function (res) {
        if (res.status === 'NOT_FOUND') return { status: 'ZERO_RESULTS', results: [] };
        var place = res.data && res.data.place;
        return { status: res.status, results: place ? [place] : [] };
      });
    } else if (request.address) {
      lookup = getJson('geocode', { address: request.address }).then(function (res) {
        return { status: res.status, results: res.data ? res.data.results : [] };
      });
    } else if (request.location) {
      var loc = request.location instanceof LatLng ? request.location : new LatLng(request.location);
      lookup = getJson('geocode', { latlng: loc.lat() + ',' + loc.lng() }).then(function (res) {
        return { status: res.status, results: res.data ? res.data.results : [] };
      });
    } else {
      lookup = Promise.resolve({ status: 'INVALID_REQUEST', results: [] });
    }
    var promise = lookup.then(function (res) {
      var results = (res.results || []).map(toPlaceResult);
      var status = res.status !== 'OK' ? res.status : results.length ? 'OK' : 'ZERO_RESULTS';
      if (typeof callback === 'function')
        later(function () {
          callback(status === 'OK' ? results : null, status);
        });
      if (status !== 'OK') {
        var err = new Error('Geocoding failed: ' + status);
        err.code = status;
        throw err;
      }
      return { results: results };
    });
    if (typeof callback === 'function') promise.catch(function () {});
    return promise;
  };

  var google = (window.google = window.google || {});
  var maps = (google.maps = google.maps || {});
  maps.version = 'courtside-standin';
  maps.LatLng = LatLng;
  maps.Geocoder = Geocoder;
  maps.GeocoderStatus = GeocoderStatus;
  maps.places = maps.places || {};
  maps.places.AutocompleteService = AutocompleteService;
  maps.places.AutocompleteSessionToken = AutocompleteSessionToken;
  maps.places.PlacesService = PlacesService;
  maps.places.PlacesServiceStatus = PlacesServiceStatus;
  maps.places.AutocompleteSuggestion = AutocompleteSuggestion;
  maps.places.PlacePrediction = PlacePrediction;
  maps.places.FormattableText = FormattableText;
  maps.places.Place = Place;
  maps.importLibrary = function (name) {
    if (name === 'places') return Promise.resolve(maps.places);
    if (name === 'geocoding') return Promise.resolve({ Geocoder: Geocoder, GeocoderStatus: GeocoderStatus });
    if (name === 'core') return Promise.resolve({ LatLng: LatLng });
    return Promise.reject(new Error('The Courtside stand-in does not provide the ' + name + ' library'));
  };

  var callbackName = scriptUrl.searchParams.get('callback');
  if (callbackName && /^[A-Za-z_$][\w$.]*$/.test(callbackName)) {
    var target = callbackName.split('.').reduce(function (obj, key) {
      return obj ? obj[key] : undefined;
    }, window);
    if (typeof target === 'function') target();
    else if (window.console) window.console.warn('places stand-in: callback ' + callbackName + ' is not a function');
  }
})();
